import { SsoDiscoveryResultSchema, type SsoDiscoveryBody } from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const testSsoDiscovery = (input: SsoDiscoveryBody) =>
  api.post("/api/settings/sso/test-discovery", SsoDiscoveryResultSchema, input);

/** Reads the issuer's discovery document; saves nothing. */
export const useTestSsoDiscovery = () => useMutation({ mutationFn: testSsoDiscovery });

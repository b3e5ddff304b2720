import net from "node:net";
import { fieldError } from "../../lib/app-error";
import { checkRemoteUrl, resolvePublicAddresses } from "./sources/remote-archive";
import { SourceError } from "./sources/source";

/** A URL field an admin saves for the server to connect to later, and how to check it. */
export interface UrlField {
  /** The request field a refusal names, e.g. `body.url`. */
  path: string;
  /** How messages name it, lower-case after "The", e.g. "endpoint URL". */
  name: string;
  /** Origins allowed over http or on private addresses. */
  allowedOrigins: string[];
  /** Whether a host name (not an allow-listed origin, not an IP literal) is resolved now. */
  resolve: boolean;
}

/**
 * A saved URL follows the rules of every outgoing URL (see checkRemoteUrl): https, no
 * credentials, no private, loopback or link-local address (literal, or after DNS now when
 * `resolve`), unless its origin is allow-listed. Refused with a 400 naming the field; answers
 * whether the origin is allow-listed. Checked again at every connection, since DNS answers change.
 */
export async function checkUrlField(raw: string, field: UrlField): Promise<{ trusted: boolean }> {
  const refuse = (message: string): never => {
    throw fieldError(field.path, message);
  };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse(`The ${field.name} is not a valid URL.`);
  }
  try {
    const { trusted } = checkRemoteUrl(url, { allowedOrigins: field.allowedOrigins });
    if (field.resolve && !trusted && net.isIP(url.hostname.replace(/^\[|\]$/g, "")) === 0) {
      await resolvePublicAddresses(url.hostname, false, `The ${field.name}`);
    }
    return { trusted };
  } catch (error) {
    if (!(error instanceof SourceError)) throw error;
    const label = field.name[0]!.toUpperCase() + field.name.slice(1);
    return refuse(`${label}: ${error.message}`);
  }
}

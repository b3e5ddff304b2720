import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/app-error";
import { checkUrlField, type UrlField } from "./url-field";

const field: UrlField = {
  path: "body.url",
  name: "endpoint URL",
  allowedOrigins: ["http://10.0.0.5:8080"],
  resolve: false,
};

async function refusal(raw: string, over: Partial<UrlField> = {}) {
  const error = await checkUrlField(raw, { ...field, ...over }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return { message: (error as AppError).message, details: (error as AppError).details };
}

describe("checkUrlField", () => {
  it("answers whether a good URL's origin is allow-listed", async () => {
    await expect(checkUrlField("https://93.184.215.14/hook", field)).resolves.toEqual({
      trusted: false,
    });
    await expect(checkUrlField("http://10.0.0.5:8080/hook", field)).resolves.toEqual({
      trusted: true,
    });
  });

  it("refuses what is not a URL, naming the field", async () => {
    expect(await refusal("not a url")).toEqual({
      message: "The endpoint URL is not a valid URL.",
      details: { issues: [{ path: "body.url", message: "The endpoint URL is not a valid URL." }] },
    });
  });

  it("refuses by the outgoing-URL rules, the name leading the rule's message", async () => {
    expect((await refusal("https://10.0.0.6/")).message).toBe(
      "Endpoint URL: The URL points to a private or loopback address, which is not allowed.",
    );
    expect((await refusal("http://93.184.215.14/", { name: "S3 endpoint" })).message).toBe(
      "S3 endpoint: Only https:// URLs are allowed.",
    );
  });
});

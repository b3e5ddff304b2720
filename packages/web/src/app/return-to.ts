/** The query parameter of /login that names where to go after signing in. */
const RETURN_TO_PARAM = "next";

/** The /login address that comes back to `target` (path + search + hash) after signing in. */
export function loginPathFor(target: string): string {
  if (target === "/") return "/login";
  return `/login?${new URLSearchParams({ [RETURN_TO_PARAM]: target }).toString()}`;
}

/**
 * Where to go after signing in: the `next` value when it is a path on this site, else "/".
 * Only a relative path starting with a single "/" is followed: "//evil.com", "/\evil.com",
 * "https://evil.com" and anything that would resolve to another origin are refused, so the
 * login page can never send anyone elsewhere (no open redirect).
 */
export function returnToTarget(search: string): string {
  const value = new URLSearchParams(search).get(RETURN_TO_PARAM);
  if (!value || !value.startsWith("/") || value.startsWith("//")) return "/";
  // Browsers read "\" as "/" and drop tabs and newlines inside URLs: "/\evil.com" is "//evil.com".
  if (value.includes("\\") || [...value].some((c) => c < " " || c === "\u007f")) return "/";
  const base = "http://content-studio.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return "/";
  }
  if (url.origin !== base || url.pathname.startsWith("/login")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

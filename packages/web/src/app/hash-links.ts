/**
 * The dashboard's hash-style link targets, e.g. `/#examples-local`. They are
 * aliases: opening one redirects to the path route, so each screen has one URL.
 */
const HASH_LINK_TARGETS: Readonly<Record<string, string>> = {
  "#generate": "/generate",
  "#library": "/library",
  "#target-audience": "/target-audience",
  "#examples": "/examples?source=cloud",
  "#examples-local": "/examples?source=local",
};

/** Where a dashboard hash link at `pathname` + `hash` should go, if it is one. */
export function hashLinkTarget(pathname: string, hash: string): string | undefined {
  return pathname === "/" ? HASH_LINK_TARGETS[hash] : undefined;
}

/**
 * Where a brief's kit is generated and followed (the "Generate kit" button and the run view).
 * The kit run is not built yet, so this renders nothing.
 */
export function BriefKitPanel(_props: { briefId: string }) {
  return null;
}

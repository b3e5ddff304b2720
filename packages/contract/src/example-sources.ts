/**
 * Where examples are read from, as plain values and rules without zod: a screen that needs
 * only these (the dashboard's examples card) does not load zod with them. examples.ts
 * re-exports them.
 */

/** Cloud = ingested from S3 or an archive URL; local = a server folder, a browser upload or made by hand. */
export const REPOSITORY_SOURCES = ["cloud", "local"] as const;
export type RepositorySource = (typeof REPOSITORY_SOURCES)[number];

/** Local by default: Cloud's location below is a placeholder, so Cloud cannot be read until set up. */
export const EXAMPLE_REPO_DEFAULTS = {
  repositorySource: "local",
  exampleRepoPath: "./examples",
  cloudRepoUrl: "s3://content-studio-examples/benchmarks/",
  s3Endpoint: "",
  s3Region: "us-east-1",
} as const;

/** Why the Cloud source cannot be read yet; null when it can. */
export const CLOUD_SOURCE_PROBLEMS = ["not_set_up", "no_s3_access_key"] as const;
export type CloudSourceProblem = (typeof CLOUD_SOURCE_PROBLEMS)[number];

/**
 * Cloud needs a location other than the placeholder (an s3:// bucket or an https:// archive),
 * and an s3:// location also needs the server's S3 access key.
 */
export function cloudSourceProblem(
  cloudRepoUrl: string,
  s3CredentialsConfigured: boolean,
): CloudSourceProblem | null {
  const url = cloudRepoUrl.trim();
  if (url === "" || url === EXAMPLE_REPO_DEFAULTS.cloudRepoUrl) return "not_set_up";
  if (url.startsWith("s3://") && !s3CredentialsConfigured) return "no_s3_access_key";
  return null;
}

/** The source screens open on: the saved one, or Local (the sample examples) while Cloud cannot be read. */
export function usableRepositorySource(settings: {
  repositorySource: RepositorySource;
  cloudRepoUrl: string;
  s3CredentialsConfigured: boolean;
}): RepositorySource {
  return settings.repositorySource === "cloud" &&
    cloudSourceProblem(settings.cloudRepoUrl, settings.s3CredentialsConfigured) !== null
    ? "local"
    : settings.repositorySource;
}

/** What Cloud needs, in words: `short` for a card's subtitle, `full` for the screen and refusals. */
export const CLOUD_SOURCE_NEEDS: Record<CloudSourceProblem, { short: string; full: string }> = {
  not_set_up: {
    short: "Cloud is not set up yet; the sample examples are under Local.",
    full: "Cloud is not set up yet. It reads examples from an Amazon S3 bucket (or another S3-compatible store) or from a .zip or .tar.gz archive at an https:// address, and an administrator enters that location under Settings → Example Repository. Until then, the sample examples are under Local.",
  },
  no_s3_access_key: {
    short: "Cloud cannot reach its S3 bucket yet; the sample examples are under Local.",
    full: "Cloud points at an S3 bucket, but the server has no access key to read it. Whoever runs the server needs to give it the bucket's access key ID and secret (the AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY settings), or an administrator can point Cloud at an https:// archive under Settings → Example Repository. Until then, the sample examples are under Local.",
  },
};

import type { Config } from "./config";

/**
 * The database in words, for people: the PGlite data directory, or PostgreSQL's host, port and
 * database name (never the user's password, nor any other part of DATABASE_URL).
 */
export function describeDatabase(config: Pick<Config, "databaseUrl" | "dataDir">): string {
  if (!config.databaseUrl) return `PGlite in ${config.dataDir}`;
  try {
    const url = new URL(config.databaseUrl);
    const name = decodeURIComponent(url.pathname.replace(/^\//, "")) || "(default database)";
    return `PostgreSQL ${url.hostname || "localhost"}:${url.port || "5432"}/${name}`;
  } catch {
    return "PostgreSQL";
  }
}

/**
 * The one plain line a person reads at start-up (the JSON log lines are for machines): where
 * the server listens, its public address, the database and the process role.
 */
export function startupLine(options: {
  baseUrl: string;
  listening: string;
  database: string;
  role: string;
  metrics?: string;
}): string {
  const parts = [
    `listening on ${options.listening}`,
    `database: ${options.database}`,
    `role: ${options.role}`,
    ...(options.metrics ? [`metrics: ${options.metrics}`] : []),
  ];
  return `Content Studio is running at ${options.baseUrl} (${parts.join("; ")})`;
}

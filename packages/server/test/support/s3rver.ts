import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/** s3rver in a child process run with --openssl-legacy-provider (see STACK.md). */
export async function startS3rver(
  directory: string,
): Promise<{ endpoint: string; child: ChildProcess }> {
  const script = path.resolve(import.meta.dirname, "../fixtures/s3rver-child.mjs");
  const child = spawn(process.execPath, ["--openssl-legacy-provider", script, directory], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n") && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once("exit", (code) => reject(new Error(`s3rver exited with code ${code}`)));
  });
  return { endpoint: `http://127.0.0.1:${port}`, child };
}

import base from "./vitest.config";
const cfg: any = base;
for (const p of cfg.test.projects) {
  if (typeof p === "object" && p.test?.name === "server:pglite") {
    p.test.setupFiles = ["/tmp/prof-setup.ts"];
    p.test.execArgv = ["--cpu-prof", "--cpu-prof-dir=/tmp/cpuprof"];
  }
}
export default cfg;

// Preloaded with `NODE_OPTIONS=--require` (where `--cpu-prof` is not allowed): profiles the
// whole process and writes a .cpuprofile into BENCH_CPU_PROF when it exits.
const fs = require("node:fs");
const path = require("node:path");
const inspector = require("node:inspector");

const dir = process.env.BENCH_CPU_PROF;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 500 });
  session.post("Profiler.start");
  process.on("exit", () => {
    // The in-thread session answers synchronously, so this runs before the process ends.
    session.post("Profiler.stop", (error, result) => {
      if (error) return;
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `server-${process.pid}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(result.profile));
    });
  });
}

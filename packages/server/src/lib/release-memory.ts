import v8 from "node:v8";
import vm from "node:vm";

let collect: (() => void) | undefined;

/**
 * A full garbage collection now. After a rare, heavy job (a 200,000-row preview leaves a few
 * hundred MiB of garbage) V8 would otherwise keep that heap until allocation pressure returns,
 * so an idle server stays hundreds of MiB above where it was. `--expose-gc` set at run time
 * reaches a new context only, which is where the collector is taken from.
 */
export function releaseMemory(): void {
  if (!collect) {
    v8.setFlagsFromString("--expose-gc");
    collect = vm.runInNewContext("gc") as () => void;
  }
  collect();
}

import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readCapped, SourceError } from "./source";

const messages = { tooLarge: "too big", broken: "broke" };

describe("readCapped", () => {
  it("answers the stream's bytes when they fit the cap", async () => {
    const stream = Readable.from([Buffer.from("ab"), Buffer.from("cd")]);
    expect((await readCapped(stream, 4, messages)).toString()).toBe("abcd");
  });

  it("destroys the stream past the cap and answers tooLarge", async () => {
    const stream = Readable.from([Buffer.from("ab"), Buffer.from("cde")]);
    const read = readCapped(stream, 4, messages);
    await expect(read).rejects.toThrow(new SourceError("too big"));
    expect(stream.destroyed).toBe(true);
  });

  it("answers broken when the stream fails", async () => {
    const stream = new Readable({ read() {} });
    const read = readCapped(stream, 4, messages);
    stream.destroy(new Error("socket hang up"));
    await expect(read).rejects.toThrow("broke");
  });
});

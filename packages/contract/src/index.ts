export * from "./errors";
export * from "./reference";
export * from "./auth";
export * from "./system";
export * from "./ai";
export * from "./examples";

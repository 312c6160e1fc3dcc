export * from "./child";
export * from "./errors";
export * from "./health";
export * from "./subscription";

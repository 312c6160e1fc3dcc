export * from "./child";
export * from "./endpoint";
export * from "./errors";
export * from "./health";
export * from "./subscription";

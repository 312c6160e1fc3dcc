export * from "./auth";
export * from "./child";
export * from "./dev-mail";
export * from "./endpoint";
export * from "./errors";
export * from "./health";
export * from "./subscription";
export * from "./user";

export * from "./analytics";
export * from "./auth";
export * from "./family";
export * from "./mail";

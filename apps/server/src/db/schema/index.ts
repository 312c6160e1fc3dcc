export * from "./analytics";
export * from "./auth";
export * from "./billing";
export * from "./child";
export * from "./consent";
export * from "./credits";
export * from "./family";
export * from "./mail";

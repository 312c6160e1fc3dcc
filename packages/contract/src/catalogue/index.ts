export * from "./catalogue-types";
export * from "./categories";
export * from "./lookup";
export * from "./prompt";
export * from "./styles";

export * from "./catalogue-types";
export * from "./categories";
export * from "./lookup";
export * from "./prompt";
export * from "./style-art";
export * from "./styles";

import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import type { SafetyClassifier, SafetyScores } from "./safety-classifier";

const require = createRequire(import.meta.url);

/** nsfwjs's networks; all three ship inside the package as JS modules (no download). */
export const safetyModels = ["MobileNetV2", "MobileNetV2Mid", "InceptionV3"] as const;
export type SafetyModel = (typeof safetyModels)[number];

type Tf = typeof import("@tensorflow/tfjs");
type NsfwCore = typeof import("nsfwjs/core");
type Classifier = Awaited<ReturnType<NsfwCore["load"]>>;

/** Each network's own definition module and input size (InceptionV3 reads 299 px). */
const definitions: Record<SafetyModel, { module: string; exportName: string; size: number }> = {
  MobileNetV2: { module: "nsfwjs/models/mobilenet_v2", exportName: "MobileNetV2Model", size: 224 },
  MobileNetV2Mid: { module: "nsfwjs/models/mobilenet_v2_mid", exportName: "MobileNetV2MidModel", size: 224 },
  InceptionV3: { module: "nsfwjs/models/inception_v3", exportName: "InceptionV3Model", size: 299 },
};

const classNames: Record<string, keyof SafetyScores> = {
  Drawing: "drawing",
  Hentai: "hentai",
  Neutral: "neutral",
  Porn: "porn",
  Sexy: "sexy",
};

/** TensorFlow on WebAssembly, set up once per thread (the face detector shares it). */
async function wasmTensorFlow(): Promise<Tf> {
  const tf = require("@tensorflow/tfjs") as Tf;
  const wasm = require("@tensorflow/tfjs-backend-wasm") as { setWasmPaths(prefix: string): void };
  if (tf.getBackend() !== "wasm") {
    wasm.setWasmPaths(`${path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm"))}${path.sep}`);
    await tf.setBackend("wasm");
  }
  await tf.ready();
  return tf;
}

/**
 * The safety classifier on nsfwjs. The network loads once per thread on first use, from the
 * package's own modules through nsfwjs's core loader with the definitions given here
 * (its default entry would also bundle the networks not chosen).
 */
export function createNsfwjsSafetyClassifier(options: {
  model: SafetyModel;
}): SafetyClassifier & { warm(): Promise<void> } {
  const definition = definitions[options.model];
  let loading: Promise<{ tf: Tf; classifier: Classifier }> | null = null;
  const load = () => {
    loading ??= (async () => {
      const tf = await wasmTensorFlow();
      const core = require("nsfwjs/core") as NsfwCore;
      const modelDefinition = (require(definition.module) as Record<string, unknown>)[definition.exportName];
      // nsfwjs announces the model it loads on console.info; in a server that is log noise.
      const info = console.info;
      console.info = () => {};
      try {
        const classifier = await core.load(options.model, {
          size: definition.size,
          modelDefinitions: [modelDefinition as never],
        });
        return { tf, classifier };
      } finally {
        console.info = info;
      }
    })();
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };

  return {
    async warm() {
      await load();
    },
    async classify({ bytes }) {
      const { tf, classifier } = await load();
      // The whole picture, squeezed to the network's square input (the network was trained so):
      // a crop could cut away exactly what must be seen.
      const { data, info } = await sharp(bytes, { failOn: "error" })
        .removeAlpha()
        .resize(definition.size, definition.size, { fit: "fill" })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const tensor = tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], "int32");
      try {
        const predictions = await classifier.classify(tensor as never, 5);
        const scores: SafetyScores = { drawing: 0, hentai: 0, neutral: 0, porn: 0, sexy: 0 };
        for (const { className, probability } of predictions) {
          const key = classNames[className];
          if (key) scores[key] = probability;
        }
        return scores;
      } finally {
        tensor.dispose();
      }
    },
  };
}

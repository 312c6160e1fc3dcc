import { createRequire } from "node:module";
import path from "node:path";
import type { DescribedFace, DetectedFace, FaceDetector, RgbImage } from "./face-detector";
import { eyeOpenness, frontality } from "./face-geometry";

const require = createRequire(import.meta.url);

type FaceApi = typeof import("@vladmandic/face-api");

/** Below this confidence a detection is not counted as a face. */
const MIN_SCORE = 0.5;
/** The network's input size. 320 would be 40 % cheaper but misses many real faces (measured on its samples). */
const INPUT_SIZE = 416;

const modelDir = () => path.join(path.dirname(require.resolve("@vladmandic/face-api/package.json")), "model");

let loading: Promise<FaceApi> | null = null;
let describing: Promise<FaceApi> | null = null;

/** Loads TensorFlow.js (WebAssembly) and the detector's weights once per process, from node_modules. */
function loadFaceApi(): Promise<FaceApi> {
  loading ??= (async () => {
    const faceapi = require("@vladmandic/face-api/dist/face-api.node-wasm.js") as FaceApi;
    const wasmDir = `${path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm"))}${path.sep}`;
    const tf = faceapi.tf as unknown as {
      setWasmPaths(prefix: string): void;
      setBackend(name: string): Promise<boolean>;
      ready(): Promise<void>;
    };
    tf.setWasmPaths(wasmDir);
    await tf.setBackend("wasm");
    await tf.ready();
    await faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir());
    return faceapi;
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** The describing networks (landmarks, descriptor, age): about 7 MB more, loaded on first use. */
function loadDescribers(): Promise<FaceApi> {
  describing ??= (async () => {
    const faceapi = await loadFaceApi();
    await Promise.all([
      faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir()),
      faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir()),
      faceapi.nets.ageGenderNet.loadFromDisk(modelDir()),
    ]);
    return faceapi;
  })();
  describing.catch(() => {
    describing = null;
  });
  return describing;
}

async function withTensor<T>(
  faceapi: FaceApi,
  { data, width, height }: RgbImage,
  use: (input: Parameters<FaceApi["detectAllFaces"]>[0]) => Promise<T>,
): Promise<T> {
  const tensor = faceapi.tf.tensor3d(new Uint8Array(data), [height, width, 3], "int32");
  try {
    return await use(tensor as unknown as Parameters<FaceApi["detectAllFaces"]>[0]);
  } finally {
    tensor.dispose();
  }
}

const detectorOptions = (faceapi: FaceApi) =>
  new faceapi.TinyFaceDetectorOptions({ inputSize: INPUT_SIZE, scoreThreshold: MIN_SCORE });

export function createTfjsFaceDetector(): FaceDetector {
  return {
    async detect(rgb): Promise<DetectedFace[]> {
      const faceapi = await loadFaceApi();
      const detections = await withTensor(faceapi, rgb, (input) =>
        faceapi.detectAllFaces(input, detectorOptions(faceapi)).run(),
      );
      return detections.map(({ box, score }) => ({
        x: box.x,
        y: box.y,
        width: box.width,
        height: box.height,
        score,
      }));
    },

    async describe(rgb): Promise<DescribedFace[]> {
      const faceapi = await loadDescribers();
      const faces = await withTensor(faceapi, rgb, (input) =>
        faceapi
          .detectAllFaces(input, detectorOptions(faceapi))
          .withFaceLandmarks()
          .withFaceDescriptors()
          .withAgeAndGender()
          .run(),
      );
      return faces.map((face) => {
        const { box, score } = face.detection;
        const points = face.landmarks.positions.map(({ x, y }) => ({ x, y }));
        return {
          x: box.x,
          y: box.y,
          width: box.width,
          height: box.height,
          score,
          descriptor: Array.from(face.descriptor),
          estimatedAge: face.age,
          frontality: frontality(points),
          eyeOpenness: eyeOpenness(points),
          landmarks: points,
        };
      });
    },
  };
}

import { crc32 } from "node:zlib";
import { FAMILY_HEADER } from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { groupPicture, pictureWithoutFace, singleFacePictures } from "./face-pictures";

export { groupPicture, pictureWithoutFace };

/**
 * A test photo of one child's face, different for each `seed` (a different face, or the same face
 * mirrored), carrying EXIF with the camera, the author and GPS, and optionally an orientation.
 */
export async function testPhoto(
  options: {
    seed?: number;
    width?: number;
    height?: number;
    blur?: number;
    orientation?: number;
    format?: "jpeg" | "png" | "webp" | "avif";
  } = {},
): Promise<Buffer> {
  const faces = await singleFacePictures();
  const seed = options.seed ?? 1;
  let image = sharp(faces[seed % faces.length]);
  if (Math.floor(seed / faces.length) % 2 === 1) image = image.flop();
  if (options.width && options.height) image = image.resize(options.width, options.height, { fit: "cover" });
  if (options.blur) image = image.blur(options.blur);
  image = image.withExif({
    IFD0: { Make: "TestCam", Model: "Secret Phone", Artist: "Parent Name" },
    IFD3: {
      GPSLatitudeRef: "N",
      GPSLatitude: "51/1 30/1 0/1",
      GPSLongitudeRef: "W",
      GPSLongitude: "0/1 7/1 0/1",
    },
  });
  if (options.orientation) {
    // As a camera does: the pixels are stored turned, and the tag says how to turn them back.
    const stored = { 3: 180, 6: 270, 8: 90 }[options.orientation] ?? 0;
    const turned = await image.toBuffer();
    image = sharp(turned).rotate(stored).withMetadata({ orientation: options.orientation });
  }
  return image.toFormat(options.format ?? "jpeg").toBuffer();
}

/** A PNG whose header claims an absurd size: sharp must refuse it before decoding a pixel. */
export function decompressionBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(60_000, 0);
  header.writeUInt32BE(60_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The first bytes of an iPhone HEIC file (an ISO-BMFF `ftyp` box with the heic brand). */
export function heicHeader(): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write("ftypheic", 4, "latin1");
  box.writeUInt32BE(0, 12);
  box.write("mif1heic", 16, "latin1");
  return Buffer.concat([box, Buffer.alloc(2000, 7)]);
}

export type UploadFile = { name: string; bytes: Buffer; type?: string };

export function uploadForm(childId: number | string | null, files: UploadFile[]): FormData {
  const form = new FormData();
  if (childId !== null) form.append("childId", String(childId));
  for (const file of files) {
    form.append(
      "file",
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/jpeg" }),
      file.name,
    );
  }
  return form;
}

export function upload(
  app: FastifyInstance,
  url: "/api/image/upload" | "/api/image/single-image-upload",
  as: { token: string },
  familyId: string,
  form: FormData,
) {
  return app.inject({
    method: "POST",
    url,
    payload: form as unknown as string,
    headers: { authorization: `Bearer ${as.token}`, [FAMILY_HEADER]: familyId },
  });
}

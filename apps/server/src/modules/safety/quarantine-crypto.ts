import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/*
 * A held picture kept for review (SAFETY_QUARANTINE_DAYS > 0) is stored encrypted: AES-256-GCM with
 * a key derived from the deployment's secret, so a storage bucket or a disk copy alone shows
 * nothing. Layout: 12-byte IV, 16-byte tag, ciphertext.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyOf = (secret: string) =>
  Buffer.from(hkdfSync("sha256", secret, "wonderkin", "safety-quarantine-v1", 32));

export function sealQuarantined(secret: string, picture: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const sealed = Buffer.concat([cipher.update(picture), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

/** Throws when the file was altered or sealed with another secret. */
export function openQuarantined(secret: string, file: Buffer): Buffer {
  const iv = file.subarray(0, IV_BYTES);
  const tag = file.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(file.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

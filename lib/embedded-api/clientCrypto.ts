import crypto from 'node:crypto';

/**
 * Undoes the browser's AES-CBC encryption of codes and keys (crypto-js with a UTF-8 key and IV,
 * PKCS#7 padding, base64 output). This is the legacy obfuscation the upstream expects; TLS is
 * what protects the wire. Returns undefined when the text does not decrypt.
 */
export function decryptClientValue(cipherText: string, key: string, iv: string): string | undefined {
  const keyBytes = Buffer.from(key, 'utf8');
  const algorithm = `aes-${keyBytes.length * 8}-cbc`;
  try {
    const decipher = crypto.createDecipheriv(algorithm, keyBytes, Buffer.from(iv, 'utf8'));
    return Buffer.concat([decipher.update(Buffer.from(cipherText, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** The same as the browser does; used by the demo tools and tests. */
export function encryptClientValue(plainText: string, key: string, iv: string): string {
  const keyBytes = Buffer.from(key, 'utf8');
  const cipher = crypto.createCipheriv(`aes-${keyBytes.length * 8}-cbc`, keyBytes, Buffer.from(iv, 'utf8'));
  return Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]).toString('base64');
}

import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import Pkcs7 from 'crypto-js/pad-pkcs7';
import type { ClientCrypto } from './encrypt';

/**
 * The legacy client-side encryption of codes and keys (AES-CBC, fixed key and IV, spec §5, §9).
 * CBC is crypto-js's default mode. It is obfuscation the upstream expects, not protection: TLS
 * protects the wire. Loaded only through ./encrypt.ts, never with a page.
 */
export function encryptAesCbc(plain: string, crypto: ClientCrypto): string {
  return AES.encrypt(plain, Utf8.parse(crypto.key), { iv: Utf8.parse(crypto.iv), padding: Pkcs7 }).toString();
}

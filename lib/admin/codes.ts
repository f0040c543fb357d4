/** The admin command line hands out the same codes as the embedded API (lib/crypto/codes.ts). */
export * from '@/lib/crypto/codes';

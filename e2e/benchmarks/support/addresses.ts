/**
 * A device's address among participants who each come from a device of their own: private
 * addresses, one each, sent as X-Forwarded-For to a server started with TRUST_PROXY_HOPS=1 (the
 * benchmark stands in for the one trusted proxy). The per-address limits then count each participant
 * alone, as they would in a classroom of devices.
 */
export const deviceAddress = (index: number) => `10.${20 + Math.floor(index / 65025)}.${Math.floor(index / 255) % 255}.${(index % 255) + 1}`;

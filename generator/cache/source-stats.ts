import type { BigIntStats } from "node:fs";

/**
 * How long after its last change a file's stat signature starts to vouch for its content. A write in
 * the same timestamp tick as the one a run saw leaves size, mtime and ctime as they were; file systems
 * stamp coarsely (the kernel's clock tick on ext4, 1 s on HFS+, 2 s on FAT), so a file changed less than
 * this long before it was looked at is read and hashed next time too (git's "racily clean" entries).
 */
export const SETTLE_NS = 2_000_000_000n;

/**
 * What changes whenever a file's bytes do: size, modification and status-change times in nanoseconds,
 * and the inode. The status-change time cannot be set back from user space (`touch -d`, `cp -p` and
 * archive extraction set the modification time only), so a file replaced by other bytes of the same size
 * and an old modification time still gets a new signature.
 */
export function statSignature(stat: BigIntStats): string {
  return `${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}:${stat.ino}`;
}

/**
 * Whether the signature of a file stat'ed at `now` (nanoseconds since the epoch, before its bytes were
 * read) may stand for those bytes in a later run: neither time is within `SETTLE_NS` of `now`, nor after it.
 */
export function settledAt(stat: BigIntStats, now: bigint): boolean {
  return stat.mtimeNs < now - SETTLE_NS && stat.ctimeNs < now - SETTLE_NS;
}

/** The wall clock in nanoseconds since the epoch, as file times are stamped. */
export function wallClockNs(): bigint {
  return BigInt(Date.now()) * 1_000_000n;
}

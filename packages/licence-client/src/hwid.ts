import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** Bumped if the recipe changes, so a new recipe never collides with an old HWID. */
const RECIPE = 'stellar-hwid-v1';

// Interfaces that come and go (containers, VPNs, VM bridges) would change the HWID on their own.
const VIRTUAL_INTERFACE =
  /^(lo|docker|br-|veth|virbr|vmnet|vboxnet|tun|tap|wg|zt|tailscale|utun|awdl|llw)/i;

function machineId(): string {
  for (const file of ['/etc/machine-id', '/var/lib/dbus/machine-id']) {
    try {
      const id = readFileSync(file, 'utf8').trim();
      if (id) return id;
    } catch {
      // Not Linux, or not readable: the other facts still identify the machine.
    }
  }
  return '';
}

function macAddresses(): string[] {
  const macs = new Set<string>();
  for (const [name, addresses] of Object.entries(os.networkInterfaces())) {
    if (VIRTUAL_INTERFACE.test(name)) continue;
    for (const address of addresses ?? []) {
      if (!address.internal && address.mac && address.mac !== '00:00:00:00:00:00') {
        macs.add(address.mac.toLowerCase());
      }
    }
  }
  return [...macs].sort();
}

/** The facts a HWID is derived from, one "name=value" line each, in a fixed order. */
export function machineFacts(): string[] {
  return [
    `hostname=${os.hostname()}`,
    `platform=${process.platform}`,
    `arch=${process.arch}`,
    `cpu=${os.cpus()[0]?.model.trim() ?? ''}`,
    // Whole GiB: the exact byte count can move a little between boots on some VMs.
    `memory=${Math.round(os.totalmem() / 2 ** 30)}GiB`,
    `machine-id=${machineId()}`,
    `macs=${macAddresses().join(',')}`,
  ];
}

/** SHA-256 (hex) of the recipe name and the facts: what the server stores as the HWID. */
export function hwidFromFacts(facts: readonly string[]): string {
  return createHash('sha256')
    .update([RECIPE, ...facts].join('\n'), 'utf8')
    .digest('hex');
}

/** A stable hardware ID of this machine: 64 hex characters, no raw machine facts revealed. */
export function computeHwid(): string {
  return hwidFromFacts(machineFacts());
}

/**
 * The portable recipe of docs/licence-api.md (licence check version 2), the one the Python and C++
 * examples use and any language can reproduce: the SHA-256 hex of "stellar-hwid-portable-v1",
 * a newline, and the operating system's machine id trimmed of surrounding whitespace.
 */
export const PORTABLE_RECIPE = 'stellar-hwid-portable-v1';

/** The HWID of a machine id by the portable recipe. */
export function hwidFromMachineId(id: string): string {
  return createHash('sha256').update(`${PORTABLE_RECIPE}\n${id.trim()}`, 'utf8').digest('hex');
}

/**
 * This machine's HWID by the portable recipe (Linux: /etc/machine-id or /var/lib/dbus/machine-id).
 * Throws when no machine id is found: hashing an empty id would give many machines one HWID.
 */
export function computePortableHwid(): string {
  const id = machineId();
  if (!id) throw new Error('No machine id found on this system: pass the HWID explicitly.');
  return hwidFromMachineId(id);
}

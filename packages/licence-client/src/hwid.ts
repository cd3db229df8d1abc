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

import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * LibreOffice runs inside bubblewrap (docs/decisions/0145-libreoffice-in-a-sandbox.md): no network, no
 * other process, and of the filesystem only its own program files, fonts and one fresh folder that
 * holds the deck, the output and a throw-away profile whose settings refuse linked content.
 */

const run = promisify(execFile);

/** Where the conversion's folder appears inside the sandbox. */
export const SANDBOX_FOLDER = '/deck';

export interface PptConverter {
  /** LibreOffice's command (SOFFICE_PATH). */
  soffice: string;
  /** bubblewrap's command (BWRAP_PATH). */
  bwrap: string;
}

/** The LibreOffice profile's settings: linked pictures and other content from outside the deck are not loaded, macros never run. */
const PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="UseLocking" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
`;

/** A fresh profile in the conversion's folder, written before LibreOffice first starts in it. */
export async function writeProfile(folder: string): Promise<string> {
  const user = path.join(folder, 'profile', 'user');
  await mkdir(user, { recursive: true });
  await writeFile(path.join(user, 'registrymodifications.xcu'), PROFILE_SETTINGS);
  return `file://${SANDBOX_FOLDER}/profile`;
}

/** The command's real file: a name is looked up on PATH, symlinks are followed. */
async function resolveCommand(command: string): Promise<string | null> {
  const candidates = command.includes('/')
    ? [command]
    : (process.env.PATH ?? '')
        .split(':')
        .filter(Boolean)
        .map((dir) => path.join(dir, command));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return await realpath(candidate);
    } catch {
      // Not here; the next PATH entry may have it.
    }
  }
  return null;
}

/**
 * bubblewrap's arguments around LibreOffice: every namespace unshared (network included), /usr and
 * LibreOffice's own files read-only, the conversion's folder the only writable place.
 */
function sandboxArguments(folder: string, office: string): string[] {
  // An installation outside /usr (LibreOffice's own packages live in /opt) is bound read-only too.
  const installation = office.startsWith('/usr/')
    ? []
    : ['--ro-bind', path.dirname(path.dirname(office)), path.dirname(path.dirname(office))];
  return [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/sbin',
    '/sbin',
    '--ro-bind-try',
    '/etc/fonts',
    '/etc/fonts',
    '--ro-bind-try',
    '/etc/libreoffice',
    '/etc/libreoffice',
    '--ro-bind-try',
    '/etc/ld.so.cache',
    '/etc/ld.so.cache',
    ...installation,
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    '--bind',
    folder,
    SANDBOX_FOLDER,
    '--chdir',
    SANDBOX_FOLDER,
    '--clearenv',
    '--setenv',
    'HOME',
    SANDBOX_FOLDER,
    '--setenv',
    'PATH',
    '/usr/bin:/bin',
    '--setenv',
    'LANG',
    'C.UTF-8',
  ];
}

/** Runs LibreOffice with `args` inside the sandbox, `folder` seen as SANDBOX_FOLDER; killed at the time limit. */
export async function runSandboxed(converter: PptConverter, folder: string, args: string[], timeoutMs: number): Promise<void> {
  const office = await resolveCommand(converter.soffice);
  if (!office) throw new Error('LibreOffice is not installed');
  await run(converter.bwrap, [...sandboxArguments(folder, office), office, ...args], { timeout: timeoutMs, killSignal: 'SIGKILL' });
}

export type ConverterState = 'ready' | 'missing' | 'no-sandbox';

const states = new Map<string, Promise<ConverterState>>();

/** Whether .ppt decks can be converted here: LibreOffice installed, and started inside the sandbox. Asked once per process. */
export function converterState(converter: PptConverter): Promise<ConverterState> {
  const key = `${converter.bwrap}\0${converter.soffice}`;
  let state = states.get(key);
  if (!state) {
    state = probe(converter);
    states.set(key, state);
  }
  return state;
}

async function probe(converter: PptConverter): Promise<ConverterState> {
  const office = await resolveCommand(converter.soffice);
  if (!office) return 'missing';
  const folder = await mkdtemp(path.join(os.tmpdir(), 'lightpix-sandbox-'));
  try {
    await run(converter.bwrap, [...sandboxArguments(folder, office), office, '--version'], { timeout: 60_000, killSignal: 'SIGKILL' });
    return 'ready';
  } catch {
    // bubblewrap missing, or the kernel refuses it namespaces: never convert without it.
    return 'no-sandbox';
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

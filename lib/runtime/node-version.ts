// The Node versions package.json's `engines` allows; no imports, so the start script checks before loading anything.

export const REQUIRED_NODE = { major: 22, minor: 12 } as const;
export const REQUIRED_NODE_TEXT = `Node ${REQUIRED_NODE.major}.${REQUIRED_NODE.minor} or newer (24 LTS recommended)`;

export function parseEnginesRange(range: string): { major: number; minor: number } {
  const match = /^>=\s*(\d+)\.(\d+)(?:\.\d+)?$/.exec(range.trim());
  if (!match) throw new Error(`engines.node must be a ">=MAJOR.MINOR" range, got "${range}"`);
  return { major: Number(match[1]), minor: Number(match[2]) };
}

export function satisfiesNode(version: string, required: { major: number; minor: number } = REQUIRED_NODE): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  return major > required.major || (major === required.major && minor >= required.minor);
}

export function exitOnOldNode(version: string = process.versions.node): void {
  if (satisfiesNode(version)) return;
  console.error(
    `Labs console cannot start. It needs ${REQUIRED_NODE_TEXT}; this is Node ${version}. ` +
      `Run: eval "$(bash scripts/node24.sh)"`,
  );
  process.exit(1);
}

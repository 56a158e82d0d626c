export function findChromium(): string | null;
export function headlessFlags(userDataDir: string): string[];
export function runChromium(url: string, extra?: string[], options?: { proxy?: string; timeoutMs?: number }): Promise<string>;

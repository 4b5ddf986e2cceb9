export function needsBuild(): boolean;
export function build(): void;
export function ensureBuilt(): void;

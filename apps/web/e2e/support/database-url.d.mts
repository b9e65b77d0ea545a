export function e2ePort(): number;
export function e2eDatabaseUrl(adminUrl: string, port?: string | number): string;

export function e2eDatabaseUrl(adminUrl: string, port?: string): string;

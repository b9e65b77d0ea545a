export function e2eDatabaseUrl(adminUrl: string): string;

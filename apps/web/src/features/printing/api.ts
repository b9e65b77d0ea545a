import type { DivisionLabelType, Paper } from '@backroom/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const V0 = '/api/backroom';
const V1 = '/api/v1/backroom';

export interface Printer {
  id: number;
  commonName: string;
  isActive: number;
  isOffline: number;
  paperId: number | null;
  paper: Paper | null;
  uri: string;
  config: { uri: string; peel: boolean; cut: boolean };
  status: {
    online: boolean;
    paperOut: boolean;
    headOpen: boolean;
    paused: boolean;
    message: string | null;
  } | null;
  server: {
    id: number;
    commonName: string;
    kind: 'builtin' | 'agent';
    warehouseId: number | null;
    isOnline: boolean;
  };
}

export interface PrintJob {
  id: number;
  printerId: number;
  printerName: string;
  state: 'queued' | 'sent' | 'printed' | 'failed' | 'expired';
  format: 'zpl' | 'pdf';
  labelKind: string;
  description: string;
  copies: number;
  attempts: number;
  error: string | null;
  hasPreview: boolean;
  createdAt: string;
  printedAt: string | null;
}

export interface QueuedJob {
  id: number;
  state: string;
  description: string;
  printerId: number;
}

export const printingKeys = {
  all: ['printing'] as const,
  printers: ['printing', 'printers'] as const,
  papers: ['printing', 'papers'] as const,
  jobs: (filter: string) => ['printing', 'jobs', filter] as const,
};

export const usePrinters = () =>
  useQuery({
    queryKey: printingKeys.printers,
    queryFn: () => api<Printer>('GET', `${V0}/warehouse/printers`),
  });

export const usePapers = () =>
  useQuery({
    queryKey: printingKeys.papers,
    queryFn: () => api<Paper>('GET', `${V0}/warehouse/printers/paper`),
    staleTime: Infinity,
  });

export const usePrintJobs = (filter: string) =>
  useQuery({
    queryKey: printingKeys.jobs(filter),
    queryFn: () => api<PrintJob>('GET', `${V1}/print/jobs?limit=100${filter ? `&state=${filter}` : ''}`),
    // The queue moves on its own: refresh while the screen is open.
    refetchInterval: 2000,
  });

export function usePrintDivisionLabels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      serverPrinterId: number;
      barcode: string | string[];
      barcodeType: DivisionLabelType;
    }) => api<QueuedJob>('POST', `${V1}/print/divisionLabel`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['printing', 'jobs'] }),
  });
}

export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ id: number; state: string }>('POST', `${V1}/print/jobs/${id}/retry`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['printing', 'jobs'] }),
  });
}

export const jobPreviewUrl = (id: number) => `${V1}/print/jobs/${id}/preview`;

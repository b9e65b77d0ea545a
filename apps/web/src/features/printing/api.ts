import type {
  DivisionLabelType,
  Paper,
  Printer,
  PrinterPatch,
  PrintJob,
  PrintJobStateReply,
  PrintServer,
  QueuedPrintJob,
} from '@backroom/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiOne } from '../../lib/api-client';

const V0 = '/api/backroom';
const V1 = '/api/v1/backroom';

export const printingKeys = {
  all: ['printing'] as const,
  printers: ['printing', 'printers'] as const,
  /** One warehouse's printers: those of its print servers plus the unassigned (built-in) ones. */
  warehousePrinters: (warehouseId: number, includeInactive: boolean) =>
    ['printing', 'printers', { warehouseId, includeInactive }] as const,
  servers: ['printing', 'servers'] as const,
  papers: ['printing', 'papers'] as const,
  jobs: (filter: string) => ['printing', 'jobs', filter] as const,
};

export const usePrinters = () =>
  useQuery({
    queryKey: printingKeys.printers,
    queryFn: () => api<Printer>('GET', `${V0}/warehouse/printers`),
  });

export const useWarehousePrinters = (
  warehouseId: number | null,
  includeInactive = false,
  /** Faster while someone waits for a new print agent's printers to register. */
  refetchMs = 30_000,
) =>
  useQuery({
    queryKey: printingKeys.warehousePrinters(warehouseId ?? 0, includeInactive),
    queryFn: () =>
      api<Printer>(
        'GET',
        `${V0}/warehouse/printers?warehouseId=${warehouseId}${includeInactive ? '&includeInactive=1' : ''}`,
      ),
    enabled: warehouseId !== null,
    // The online dots follow the print agents' heartbeats.
    refetchInterval: refetchMs,
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
      includeDescendants?: boolean;
      oneJob?: boolean;
    }) => api<QueuedPrintJob>('POST', `${V1}/print/divisionLabel`, { body, quiet: true }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['printing', 'jobs'] });
    },
  });
}

export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<PrintJobStateReply>('POST', `${V1}/print/jobs/${id}/retry`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['printing', 'jobs'] }),
  });
}

/** A job not being printed is voided, a batch as a whole: it is never handed out again. */
export function useVoidJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<PrintJobStateReply>('POST', `${V1}/print/jobs/${id}/void`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['printing', 'jobs'] }),
  });
}

/** POST …/print/testLabel: a test label for the printer's paper, through the queue like any label. */
export function useTestPrint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (serverPrinterId: number) =>
      apiOne<QueuedPrintJob>('POST', `${V1}/print/testLabel`, { body: { serverPrinterId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['printing', 'jobs'] }),
  });
}

export const jobPreviewUrl = (id: number) => `${V1}/print/jobs/${id}/preview`;

/** The printer with a patch applied, as the server will answer it: lets the table show a change at once. */
export function applyPrinterPatch(printer: Printer, patch: PrinterPatch): Printer {
  const { uri, ...config } = patch.config ?? {};
  return {
    ...printer,
    ...(patch.commonName !== undefined ? { commonName: patch.commonName } : {}),
    ...(patch.isActive !== undefined ? { isActive: patch.isActive } : {}),
    ...(patch.paperId !== undefined ? { paperId: patch.paperId } : {}),
    ...(uri !== undefined ? { uri } : {}),
    config: { ...printer.config, ...config, ...(uri !== undefined ? { uri } : {}) },
    server:
      patch.server?.commonName !== undefined && patch.server.id === printer.server.id
        ? { ...printer.server, commonName: patch.server.commonName }
        : printer.server,
  };
}

/**
 * Every cached printer list, patched in place (a server rename shows on all its printers). A deactivated
 * printer leaves the lists of active printers.
 */
function patchCachedPrinters(client: QueryClient, patch: PrinterPatch) {
  for (const [key, list] of client.getQueriesData<Printer[]>({ queryKey: printingKeys.printers })) {
    if (!list) continue;
    const filter = key[2] as { includeInactive?: boolean } | undefined;
    client.setQueryData<Printer[]>(
      key,
      list
        .map((p) =>
          p.id === patch.id || p.server.id === patch.server?.id
            ? applyPrinterPatch(p, p.id === patch.id ? patch : { id: p.id, server: patch.server })
            : p,
        )
        .filter((p) => p.isActive === 1 || filter?.includeInactive === true),
    );
  }
}

// One printer's patches go out one after another, so two quick switch flips cannot overwrite each other.
const printerQueues = new Map<number, Promise<unknown>>();
function inPrinterQueue<T>(printerId: number, send: () => Promise<T>): Promise<T> {
  const previous = printerQueues.get(printerId) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(send);
  printerQueues.set(printerId, next);
  const forget = () => {
    if (printerQueues.get(printerId) === next) printerQueues.delete(printerId);
  };
  next.then(forget, forget);
  return next;
}

/** PATCH …/warehouse/printer with the id plus only the changed fields; the lists show the change at once. */
export function usePatchPrinter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: PrinterPatch) =>
      inPrinterQueue(patch.id, () => apiOne<Printer>('PATCH', `${V0}/warehouse/printer`, { body: patch })),
    onMutate: async (patch) => {
      await client.cancelQueries({ queryKey: printingKeys.printers });
      patchCachedPrinters(client, patch);
    },
    onSettled: (_printer, _error, patch) => {
      void client.invalidateQueries({ queryKey: printingKeys.printers });
      if (patch.server) void client.invalidateQueries({ queryKey: printingKeys.servers });
    },
  });
}

/** POST …/print/calibrate/paper/zpl: the printer measures the chosen paper. */
export function useCalibrate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { serverPrinterId: number; paper: number; options?: Record<string, unknown> }) =>
      apiOne<QueuedPrintJob>('POST', `${V1}/print/calibrate/paper/zpl`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['printing', 'jobs'] }),
  });
}

export const useServers = () =>
  useQuery({
    queryKey: printingKeys.servers,
    queryFn: () => api<PrintServer>('GET', `${V0}/warehouse/servers`),
    refetchInterval: 30_000,
  });

/** PATCH …/warehouse/server without an id: a print agent's server; its token is in this answer only. */
export function useCreateServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { commonName: string; warehouseId: number }) =>
      apiOne<PrintServer>('PATCH', `${V0}/warehouse/server`, { body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: printingKeys.servers });
      void client.invalidateQueries({ queryKey: printingKeys.printers });
    },
  });
}

import type { FastifyBaseLogger } from 'fastify';

/** A provider call that failed for good (after retries). The message never holds a query string. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly source: string,
    readonly status: number | null,
    message: string,
  ) {
    super(`${source}: ${message}`);
  }
}

/** `origin + path` of a URL: query strings carry API keys and never reach logs or errors. */
export function redactUrl(url: string | URL): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(invalid url)';
  }
}

export interface ProviderHttpOptions {
  source: string;
  /** Minimum time between two request starts (rate limit). */
  minIntervalMs: number;
  timeoutMs: number;
  /** Extra attempts after a 429, a 5xx, a timeout or a network error. */
  retries: number;
  /** First backoff; doubles on each retry (a Retry-After header up to 5 s wins). */
  backoffMs: number;
  /** Requests in flight at most (ScreenScraper free accounts: 1 thread; IGDB: 8). */
  maxConcurrent?: number;
  log?: FastifyBaseLogger;
}

export interface ProviderResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  text(encoding?: 'utf8' | 'latin1'): string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Statuses a provider call is retried on. */
function retryable(status: number): boolean {
  return status === 429 || status >= 500;
}

/**
 * HTTP for one provider: a request gate that spaces request starts by `minIntervalMs`,
 * per-attempt timeouts, and retries with exponential backoff on 429/5xx/timeouts. Returns
 * every other status to the caller, which maps it (401, 404, provider error bodies…).
 */
export class ProviderHttp {
  private nextSlot = 0;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly options: ProviderHttpOptions) {}

  private async acquire(): Promise<void> {
    const limit = this.options.maxConcurrent ?? Number.POSITIVE_INFINITY;
    if (this.inFlight < limit) {
      this.inFlight += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next === undefined) this.inFlight -= 1;
    else next();
  }

  private async slot(): Promise<void> {
    const now = Date.now();
    const start = Math.max(now, this.nextSlot);
    this.nextSlot = start + this.options.minIntervalMs;
    if (start > now) await sleep(start - now);
  }

  async request(url: string | URL, init: RequestInit = {}): Promise<ProviderResponse> {
    await this.acquire();
    try {
      return await this.attempts(url, init);
    } finally {
      this.release();
    }
  }

  private async attempts(url: string | URL, init: RequestInit): Promise<ProviderResponse> {
    const { source, retries, backoffMs, timeoutMs } = this.options;
    let lastError = 'no attempt';
    for (let attempt = 0; attempt <= retries; attempt += 1) {
      await this.slot();
      let status: number | null = null;
      try {
        const response = await fetch(url, {
          ...init,
          redirect: 'follow',
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = response.status;
        const body = Buffer.from(await response.arrayBuffer());
        if (!retryable(status) || attempt === retries) {
          return {
            status,
            headers: response.headers,
            body,
            text: (encoding = 'utf8') => body.toString(encoding),
          };
        }
        lastError = `HTTP ${status}`;
        const retryAfter = Number(response.headers.get('retry-after'));
        const wait =
          Number.isFinite(retryAfter) && retryAfter > 0
            ? Math.min(retryAfter * 1000, 5000)
            : backoffMs * 2 ** attempt;
        this.options.log?.debug(`metadata: ${source} ${redactUrl(url)} ${lastError}, retrying`);
        await sleep(wait);
      } catch (error) {
        const name = (error as Error).name;
        lastError = name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : 'network error';
        if (attempt === retries) break;
        await sleep(backoffMs * 2 ** attempt);
      }
    }
    throw new ProviderError(source, null, `${redactUrl(url)} ${lastError}`);
  }

  /** A JSON request: non-2xx statuses and unparsable bodies throw a ProviderError. */
  async json(url: string | URL, init: RequestInit = {}): Promise<unknown> {
    const response = await this.request(url, init);
    if (response.status < 200 || response.status >= 300) {
      throw new ProviderError(
        this.options.source,
        response.status,
        `${redactUrl(url)} HTTP ${response.status}`,
      );
    }
    return parseJson(this.options.source, url, response.text());
  }
}

export function parseJson(source: string, url: string | URL, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError(source, null, `${redactUrl(url)} malformed JSON body`);
  }
}

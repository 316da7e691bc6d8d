// Only what the benches use; @types/autocannon is not a dependency.
declare module 'autocannon' {
  namespace autocannon {
    /** Per connection: what setupRequest leaves for onResponse. */
    type Context = Record<string, unknown>;

    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: Request, context: Context) => Request;
      onResponse?: (status: number, body: string, context: Context) => void;
    }

    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      /** Stop after this many requests instead of after `duration`. */
      amount?: number;
      /** Seconds a request may wait for its answer. */
      timeout?: number;
      warmup?: { connections?: number; duration?: number };
      /** Requests a second across all connections (unset: as fast as answers come). */
      overallRate?: number;
      requests?: Request[];
    }

    interface Histogram {
      average: number;
      /** Requests only: how many were sent. */
      sent: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
      max: number;
      total: number;
    }

    interface Result {
      requests: Histogram;
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      statusCodeStats: Record<string, { count: number }>;
    }
  }

  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}

// The part of autocannon (no published types) the benches use: see its README for the full API.
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each request is sent; may change it. */
    setupRequest?: (request: Request) => Request;
  }
  export interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
  }
  export interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}

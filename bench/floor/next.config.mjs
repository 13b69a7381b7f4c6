/** The floor app of the benchmark (bench/floor): one route handler, nothing else. */
const nextConfig = { poweredByHeader: false };
export default nextConfig;

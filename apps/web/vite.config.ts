import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The server (@fastify/static with preCompressed) sends these instead of compressing per request.
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt|map)$/;
  return {
    name: 'stellar:precompress',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!compressible.test(fileName)) continue;
        const source = output.type === 'chunk' ? output.code : output.source;
        const buffer = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (buffer.length < 1024) continue;
        this.emitFile({ type: 'asset', fileName: `${fileName}.gz`, source: gzipSync(buffer, { level: 9 }) });
        this.emitFile({
          type: 'asset',
          fileName: `${fileName}.br`,
          source: brotliCompressSync(buffer, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
          }),
        });
      }
    },
  };
}

const api = { target: 'http://localhost:5000', changeOrigin: false, ws: true };

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: { '/api': api },
  },
  preview: {
    proxy: { '/api': api },
  },
});

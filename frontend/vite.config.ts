import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

export default defineConfig(({ command }) => {
  // A build started from a test run inherits NODE_ENV=test, which would ship React's development build.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: import.meta.dirname,
    plugins: [
      react(),
      tailwindcss(),
      // .br and .gz beside each text asset, at the strongest settings: it is paid once per build,
      // and the backend's static-files.ts sends them to every visitor whose browser accepts them.
      compression({
        algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
        // No size threshold: index.html is under 1 KB and still shrinks by half; files that would grow are skipped.
        include: /\.(?:js|css|html|svg|json|webmanifest)$/,
      }),
    ],
    build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
    server: { proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } } },
  };
});

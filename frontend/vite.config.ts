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
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      // A schema built at module level (`z.object({…})`) is a call the bundler must keep unless told
      // zod's builders have no side effects: every visitor's browser then built the unused schemas of
      // each shared schemas module it loaded, before the first render.
      rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
    },
    server: { proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } } },
  };
});

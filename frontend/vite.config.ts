import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig(({ command }) => {
  // A build started from a test run inherits NODE_ENV=test, which would ship React's development build.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: import.meta.dirname,
    plugins: [react(), tailwindcss()],
    build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
    server: { proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } } },
  };
});

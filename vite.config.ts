import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react(), vike()],
  resolve: {
    alias: { 'object.entries': fileURLToPath(new URL('./shared/shims/object-entries.cjs', import.meta.url)) },
  },
  build: { target: 'es2022' },
})

/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_ACCESS_REQUEST_EMAIL?: string;
}

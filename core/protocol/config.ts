// The public runtime configuration served by GET /api/config and read by the client at start.
export interface PublicConfig {
  app_name: string;
  api_url: string;
  pusher: { key: string; cluster: string; host: string; port: number; tls: boolean; auth_endpoint: string };
  socket: { url: string; staging_url: string };
  captcha: { provider: 'none' | 'recaptcha'; site_key: string };
  oauth: { client_id: string; client_secret: string };
  social_providers: string[];
  features: Record<string, boolean>;
}

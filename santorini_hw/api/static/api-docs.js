// Swagger UI's start-up for /api/docs, from a file (the CSP forbids inline scripts).
// validatorUrl null: Swagger UI would otherwise ask a remote validator about the schema.
"use strict";
window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  deepLinking: true,
  validatorUrl: null,
});

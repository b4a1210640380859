// Every vitest file runs with the app's i18n set up (jsdom's navigator.languages: English).
import "@/i18n";

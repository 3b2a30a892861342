declare module 'maildev' {
  interface MailDevOptions {
    smtp?: number;
    web?: number;
    ip?: string;
    silent?: boolean;
    disableWeb?: boolean;
  }
  export default class MailDev {
    constructor(options: MailDevOptions);
    listen(callback: (error?: Error) => void): void;
    close(callback: (error?: Error) => void): void;
  }
}

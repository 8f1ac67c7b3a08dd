import type { Clock } from '../../shared/ports.js';
import type { MailRepository, MailTransport, SettingsReader } from '../ports.js';

type Deps = { mailRepository: MailRepository; mailTransport: MailTransport; settingsReader: SettingsReader; clock: Clock };

/**
 * Job body: idempotent, a message already sent (or stored) is not sent again on redelivery. Only the
 * transport's refusal counts against the mail (`failed` on the last try); a database failure
 * around it is thrown as it is, and the queue waits the outage out without counting a try.
 */
export const makeDeliverMail =
  ({ mailRepository, mailTransport, settingsReader, clock }: Deps) =>
  async (id: string, final: boolean): Promise<void> => {
    const message = await mailRepository.findById(id);
    if (!message || message.status === 'sent' || message.status === 'stored') return;
    const settings = await settingsReader.get(message.tenantId);
    let delivery;
    try {
      delivery = await mailTransport.deliver(message, settings);
    } catch (error) {
      await mailRepository.markFailed(id, error instanceof Error ? error.message : String(error), final);
      throw error;
    }
    await mailRepository.markSent(id, clock.now(), delivery);
  };

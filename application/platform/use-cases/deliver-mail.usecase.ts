import type { Clock } from '../../shared/ports.js';
import type { MailRepository, MailTransport, SettingsReader } from '../ports.js';

type Deps = { mailRepository: MailRepository; mailTransport: MailTransport; settingsReader: SettingsReader; clock: Clock };

/** Job body: idempotent, a message already sent is not sent again on redelivery. */
export const makeDeliverMail = ({ mailRepository, mailTransport, settingsReader, clock }: Deps) =>
  async (id: string, final: boolean): Promise<void> => {
    const message = await mailRepository.findById(id);
    if (!message || message.status === 'sent') return;
    try {
      await mailTransport.deliver(message, await settingsReader.get(message.tenantId));
      await mailRepository.markSent(id, clock.now());
    } catch (error) {
      await mailRepository.markFailed(id, error instanceof Error ? error.message : String(error), final);
      throw error;
    }
  };

// SPDX-License-Identifier: GPL-2.0
/*
 * db_spi_recorder: an SPI controller with no hardware behind it, for departure-board's
 * kernel tier. It registers bus `busnum` with one device bound to spidev, so the real
 * /dev/spidevB.0 path (spidev ioctls, message queue, chip select) runs, and it records
 * every byte the host sends:
 *
 *   /sys/kernel/debug/db-spi-recorder/tx     all MOSI bytes, in order (binary)
 *   /sys/kernel/debug/db-spi-recorder/log    one line per transfer (len, speed, mode, bits)
 *                                            and per chip-select edge (`cs 0` asserts it)
 *   /sys/kernel/debug/db-spi-recorder/clear  write anything to start a new recording
 *
 * MISO reads back as zeros. The ordering against GPIO lines (D/C, RESET) comes from the
 * kernel's own spi_transfer_start and gpio_value trace events, not from this module.
 *
 * Copyright (C) 2026 The departure-board authors
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>
#include <linux/spi/spi.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

static int busnum;
module_param(busnum, int, 0444);
MODULE_PARM_DESC(busnum, "SPI bus number to register (default 0: /dev/spidev0.0)");

static char *modalias = "dh2228fv";
module_param(modalias, charp, 0444);
MODULE_PARM_DESC(modalias, "modalias of the child device; spidev binds to dh2228fv");

static unsigned int capacity = 4 << 20;
module_param(capacity, uint, 0444);
MODULE_PARM_DESC(capacity, "bytes of MOSI data kept (default 4 MiB); more is counted as overflow");

#define LOG_CAPACITY (512 * 1024)

struct recorder {
	struct mutex lock;
	u8 *tx;
	size_t tx_len;
	size_t overflow;
	char *log;
	size_t log_len;
	unsigned long transfers;
};

static struct recorder rec;
static struct platform_device *pdev;
static struct spi_controller *ctlr;
static struct dentry *dir;

static void recorder_logf(const char *fmt, ...)
{
	va_list args;
	int n;

	if (rec.log_len >= LOG_CAPACITY - 1)
		return;
	va_start(args, fmt);
	n = vscnprintf(rec.log + rec.log_len, LOG_CAPACITY - rec.log_len, fmt, args);
	va_end(args);
	rec.log_len += n;
}

static int recorder_transfer_one(struct spi_controller *c, struct spi_device *spi,
				 struct spi_transfer *xfer)
{
	size_t room;

	mutex_lock(&rec.lock);
	rec.transfers++;
	recorder_logf("xfer %lu len=%u hz=%u mode=%u bits=%u\n", rec.transfers, xfer->len,
		      xfer->speed_hz, spi->mode & (SPI_CPOL | SPI_CPHA), xfer->bits_per_word);
	if (xfer->tx_buf) {
		room = capacity - rec.tx_len;
		if (xfer->len > room) {
			rec.overflow += xfer->len - room;
			memcpy(rec.tx + rec.tx_len, xfer->tx_buf, room);
			rec.tx_len += room;
		} else {
			memcpy(rec.tx + rec.tx_len, xfer->tx_buf, xfer->len);
			rec.tx_len += xfer->len;
		}
	}
	mutex_unlock(&rec.lock);
	if (xfer->rx_buf)
		memset(xfer->rx_buf, 0, xfer->len);
	return 0;	/* finished: the core needs no spi_finalize_current_transfer() */
}

/* The core passes the line level: low (0) selects the usual active-low device. */
static void recorder_set_cs(struct spi_device *spi, bool level)
{
	mutex_lock(&rec.lock);
	recorder_logf("cs %d\n", level ? 1 : 0);
	mutex_unlock(&rec.lock);
}

static ssize_t tx_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	ssize_t ret;

	mutex_lock(&rec.lock);
	ret = simple_read_from_buffer(buf, count, ppos, rec.tx, rec.tx_len);
	mutex_unlock(&rec.lock);
	return ret;
}

static ssize_t log_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	ssize_t ret;

	mutex_lock(&rec.lock);
	if (rec.overflow && *ppos == 0)
		recorder_logf("overflow %zu\n", rec.overflow);
	ret = simple_read_from_buffer(buf, count, ppos, rec.log, rec.log_len);
	mutex_unlock(&rec.lock);
	return ret;
}

static ssize_t clear_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	mutex_lock(&rec.lock);
	rec.tx_len = 0;
	rec.overflow = 0;
	rec.log_len = 0;
	rec.transfers = 0;
	mutex_unlock(&rec.lock);
	return count;
}

static const struct file_operations tx_fops = { .owner = THIS_MODULE, .read = tx_read };
static const struct file_operations log_fops = { .owner = THIS_MODULE, .read = log_read };
static const struct file_operations clear_fops = { .owner = THIS_MODULE, .write = clear_write };

static int __init recorder_init(void)
{
	struct spi_board_info info = { .max_speed_hz = 125000000, .chip_select = 0 };
	int ret;

	mutex_init(&rec.lock);
	rec.tx = vmalloc(capacity);
	rec.log = vmalloc(LOG_CAPACITY);
	if (!rec.tx || !rec.log) {
		ret = -ENOMEM;
		goto free_buffers;
	}

	pdev = platform_device_register_simple("db-spi-recorder", -1, NULL, 0);
	if (IS_ERR(pdev)) {
		ret = PTR_ERR(pdev);
		goto free_buffers;
	}
	ctlr = spi_alloc_master(&pdev->dev, 0);
	if (!ctlr) {
		ret = -ENOMEM;
		goto unregister_pdev;
	}
	ctlr->bus_num = busnum;
	ctlr->num_chipselect = 1;
	ctlr->mode_bits = SPI_CPOL | SPI_CPHA | SPI_CS_HIGH | SPI_LSB_FIRST;
	ctlr->bits_per_word_mask = SPI_BPW_MASK(8);
	ctlr->max_speed_hz = 125000000;
	ctlr->transfer_one = recorder_transfer_one;
	ctlr->set_cs = recorder_set_cs;

	ret = spi_register_controller(ctlr);
	if (ret) {
		spi_controller_put(ctlr);
		goto unregister_pdev;
	}
	strscpy(info.modalias, modalias, sizeof(info.modalias));
	info.bus_num = busnum;
	if (!spi_new_device(ctlr, &info)) {
		ret = -ENODEV;
		goto unregister_ctlr;
	}

	dir = debugfs_create_dir("db-spi-recorder", NULL);
	debugfs_create_file("tx", 0400, dir, NULL, &tx_fops);
	debugfs_create_file("log", 0400, dir, NULL, &log_fops);
	debugfs_create_file("clear", 0200, dir, NULL, &clear_fops);
	pr_info("db_spi_recorder: bus %d, %u bytes of recording\n", busnum, capacity);
	return 0;

unregister_ctlr:
	spi_unregister_controller(ctlr);
unregister_pdev:
	platform_device_unregister(pdev);
free_buffers:
	vfree(rec.tx);
	vfree(rec.log);
	return ret;
}

static void __exit recorder_exit(void)
{
	debugfs_remove_recursive(dir);
	spi_unregister_controller(ctlr);
	platform_device_unregister(pdev);
	vfree(rec.tx);
	vfree(rec.log);
}

module_init(recorder_init);
module_exit(recorder_exit);
MODULE_DESCRIPTION("Recording SPI controller for departure-board's kernel tests");
MODULE_LICENSE("GPL");
